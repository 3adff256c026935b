import { FormStatus, SubmitButton } from '@/shared/forms/form';

/** A booking step's submit button, what it is doing while busy, and why it failed. */
export function StepSubmit({
  busy,
  label,
  busyText,
  error,
}: {
  busy: boolean;
  label: string;
  busyText: string;
  error: string | undefined;
}) {
  return (
    <>
      <SubmitButton large busy={busy}>
        {label}
      </SubmitButton>
      <FormStatus>{busy ? busyText : null}</FormStatus>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
