import { useRef } from 'react';

export interface FilePickerButtonProps {
  readonly label: string;
  /** The hidden file input's accessible name (tests and assistive tools choose the file through it). */
  readonly inputLabel: string;
  readonly accept: string;
  readonly className: string;
  readonly title?: string;
  readonly disabled?: boolean;
  readonly onFile: (file: File) => void;
}

/**
 * A button that opens the browser's file chooser, and the hidden input behind it. The input is
 * cleared after each choice, so choosing the same file again reads it again.
 */
export function FilePickerButton({
  label,
  inputLabel,
  accept,
  className,
  title,
  disabled,
  onFile,
}: FilePickerButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => inputRef.current?.click()}
        title={title}
        disabled={disabled}
      >
        {label}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        className="hidden"
        aria-label={inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
