import { ProfilePage } from '@/features/account/components/profile-page';
import { PasswordUpdatedModal } from '@/features/password/components/password-updated-modal';

/** The profile, and the popup after a password change (?showUpdatePwdSucc=1). */
export function Component() {
  return (
    <>
      <ProfilePage />
      <PasswordUpdatedModal />
    </>
  );
}
