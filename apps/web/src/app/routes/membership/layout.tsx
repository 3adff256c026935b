import { Outlet } from '@/shared/router';
import { VerifiedEmailGate } from '@/features/email-verification/components/verified-email-gate';

export function Component() {
  return (
    <VerifiedEmailGate>
      <Outlet />
    </VerifiedEmailGate>
  );
}
