import { Compass, House, MessageCircle, Settings, Target, type IconNode } from 'lucide';
import { href, type RouteName } from '@partak/domain/routes';

export interface NavItem {
  key: 'home' | 'topics' | 'chat' | 'goals' | 'settings';
  to: string;
  icon: IconNode;
  /** Routes that belong to this item's section, so it stays highlighted on their pages. */
  section: readonly RouteName[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', to: href('home'), icon: House, section: ['home'] },
  {
    key: 'topics',
    to: href('topics'),
    icon: Compass,
    section: ['topics', 'topic', 'library', 'libraryCategory', 'libraryArticle'],
  },
  { key: 'chat', to: href('chat'), icon: MessageCircle, section: ['chat', 'history'] },
  { key: 'goals', to: href('goals'), icon: Target, section: ['goals', 'review'] },
  {
    key: 'settings',
    to: href('settings'),
    icon: Settings,
    section: ['settings', 'analytics', 'notificationSettings'],
  },
];
