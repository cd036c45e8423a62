import {
  Brain,
  Clapperboard,
  Crosshair,
  Eye,
  Flame,
  Flower2,
  Handshake,
  Heart,
  Laptop,
  Megaphone,
  Package,
  Receipt,
  type IconNode,
} from 'lucide';
import type { TopicId } from '@partak/domain/topics';

export const TOPIC_ICONS: Readonly<Record<TopicId, IconNode>> = {
  'digital-marketing': Megaphone,
  sales: Handshake,
  dropshipping: Package,
  video: Clapperboard,
  'digital-products': Laptop,
  'money-and-taxes': Receipt,
  motivation: Flame,
  focus: Crosshair,
  mindset: Brain,
  meditation: Flower2,
  visualization: Eye,
  affirmations: Heart,
};
