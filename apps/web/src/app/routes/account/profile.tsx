import { PasswordUpdatedModal } from '../../../features/password/components/password-updated-modal';
import { ScreenPlaceholder } from '../../../shared/ui/screen-placeholder';

/** The profile itself comes with the account area; the password-change popup shows here now. */
export function Component() {
  return (
    <>
      <ScreenPlaceholder titleKey="account.profile" />
      <PasswordUpdatedModal />
    </>
  );
}
