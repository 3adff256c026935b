import { SendCodePage } from '@/features/password/components/send-code-page';

export function Component() {
  return <SendCodePage />;
}
