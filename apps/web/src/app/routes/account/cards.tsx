import { CardsPage } from '@/features/cards/components/cards-page';

export function Component() {
  return <CardsPage />;
}
