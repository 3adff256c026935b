import { ScreenPlaceholder } from '@/shared/ui/screen-placeholder';

export function Component() {
  return <ScreenPlaceholder titleKey="membership.buy" />;
}
