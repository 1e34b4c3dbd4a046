import { FilePickerButton } from '../components/ui/file-picker-button.tsx';

/** Import map, on the environments list and in the editor: a grid map file chosen by the planner. */
export function ImportMapButton({ className, onFile }: { className: string; onFile: (file: File) => void }) {
  return (
    <FilePickerButton
      label="Import map"
      inputLabel="Import grid map file"
      accept=".map,text/plain"
      className={className}
      title="A MovingAI or League of Robot Runners grid map (.map): obstacles become shelves, free cells floor"
      onFile={onFile}
    />
  );
}
