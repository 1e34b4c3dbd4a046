/** In place of a field an experiment's points set one by one: its name, and which sweep sets it. */
export function SetByPointsNote({
  label,
  sweep,
  className = '',
}: {
  readonly label: string;
  readonly sweep: string;
  readonly className?: string;
}) {
  return (
    <p className={`text-sm text-slate-400 ${className}`}>
      <span className="block font-medium text-slate-200">{label}</span>
      Set by each point of the {sweep}.
    </p>
  );
}
