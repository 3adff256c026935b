import { Suspense } from 'react';
import { SignUpPage } from '@/features/sign-up/components/sign-up-page';
import { lazyNamed } from '@/shared/lib/lazy-named';

// The card form and its provider SDK load only once a member reaches the finish screen.
const CardOffer = lazyNamed(() => import('@/features/cards/components/card-offer'), 'CardOffer');

export function Component() {
  return (
    <SignUpPage
      cardOffer={
        <Suspense fallback={null}>
          <CardOffer source="sign-up" />
        </Suspense>
      }
    />
  );
}
