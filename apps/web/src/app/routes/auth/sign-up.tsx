import { SignUpPage } from '../../../features/sign-up/components/sign-up-page';

export function Component() {
  return <SignUpPage />;
}
