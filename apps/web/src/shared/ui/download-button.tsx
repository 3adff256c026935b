import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessageOf } from '@/shared/api/error-message';
import { downloadBlob } from '@/shared/lib/download-blob';

interface DownloadButtonProps<V> {
  /** The call that answers the file (a PDF), as a mutation. */
  file: UseMutationResult<Blob, Error, V>;
  variables: V;
  fileName: string;
  label: string;
  busyLabel: string;
  /** What a fault says (a business error says its own text). */
  failedText: string;
}

/** Fetches a file with the member's token and saves it as the browser saves any download. */
export function DownloadButton<V>({
  file,
  variables,
  fileName,
  label,
  busyLabel,
  failedText,
}: DownloadButtonProps<V>) {
  const busy = file.isPending;
  const download = () => {
    if (busy) return;
    file.mutate(variables, { onSuccess: (blob) => downloadBlob(blob, fileName) });
  };
  return (
    <>
      {/* aria-disabled rather than disabled: the button keeps focus while the file is made. */}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={download}
      >
        {busy ? busyLabel : label}
      </button>
      {file.isError ? (
        <p className="field__error" role="alert">
          {errorMessageOf(file.error, failedText)}
        </p>
      ) : null}
    </>
  );
}
