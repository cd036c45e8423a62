import { ChatScreen } from '@/features/chat/components/chat-screen.tsx';

export function ChatPage() {
  return <ChatScreen />;
}
