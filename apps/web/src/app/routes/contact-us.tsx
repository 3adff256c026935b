import { ContactUsPage } from '@/features/help/components/contact-us-page';

export function Component() {
  return <ContactUsPage />;
}
