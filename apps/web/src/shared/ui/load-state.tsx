interface LoadStateProps {
  failed: boolean;
  onRetry: () => void;
  loading: string;
  failedText: string;
  retry: string;
}

/** What is being read, while it loads, or why it did not, with a way to ask again. */
export function LoadState({ failed, onRetry, loading, failedText, retry }: LoadStateProps) {
  return failed ? (
    <div className="notice notice--error" role="alert">
      <p>{failedText}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {retry}
      </button>
    </div>
  ) : (
    <p role="status">{loading}</p>
  );
}
