import { lazy, Suspense } from 'react';
import { ChatScreen } from '@/features/chat/components/chat-screen.tsx';

/** The business profile's onboarding, loaded on its own: the chat's first paint does not wait. */
const OnboardingCard = lazy(() => import('@/features/business-profile/onboarding-card.tsx'));

export function ChatPage() {
  return (
    <ChatScreen
      aboveComposer={
        <Suspense fallback={null}>
          <OnboardingCard />
        </Suspense>
      }
    />
  );
}
