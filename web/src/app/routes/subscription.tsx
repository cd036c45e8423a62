import { SubscriptionOffer } from '@/features/subscription/components/subscription-offer.tsx';

export function SubscriptionPage() {
  return <SubscriptionOffer />;
}
