import { CardOutcomeModal } from './card-outcome-modal';
import { useCardReturn } from './use-card-return';

interface CardReturnModalProps {
  /** Authentication Failed's Try again, or an error's way back: the add-card form again. */
  onTryAgain: () => void;
  successAction?: { label: string; onClick: () => void } | undefined;
}

/** The page the bank's 3-D Secure sends the member back to: the wait, then how it went. */
export function CardReturnModal({ onTryAgain, successAction }: CardReturnModalProps) {
  const returned = useCardReturn();
  if (!returned.outcome) return null;
  return (
    <CardOutcomeModal
      outcome={returned.outcome}
      onClose={returned.dismiss}
      onTryAgain={() => {
        returned.dismiss();
        onTryAgain();
      }}
      successAction={successAction}
    />
  );
}
