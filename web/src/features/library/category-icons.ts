import { Flower2, Handshake, Landmark, Megaphone, Sprout, TrendingUp, type IconNode } from 'lucide';
import type { CategoryId } from '@partak/domain/library';

export const CATEGORY_ICONS: Readonly<Record<CategoryId, IconNode>> = {
  podnikani: TrendingUp,
  marketing: Megaphone,
  prodej: Handshake,
  'osobni-rozvoj': Sprout,
  'penize-dane-urady': Landmark,
  meditace: Flower2,
};
