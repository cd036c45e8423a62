import { Bubbles } from '@/features/home/components/bubbles.tsx';
import { Welcome } from '@/features/home/components/welcome.tsx';

export function HomePage() {
  return (
    <div className="relative isolate min-h-[70dvh]">
      <Bubbles />
      <Welcome />
    </div>
  );
}
