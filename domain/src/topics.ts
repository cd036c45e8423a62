/**
 * The spec's eleven topics, in display order, by group (docs/product.md#constants), and money
 * and taxes, added because founders ask about them first.
 */
export const TOPIC_GROUPS = {
  business: [
    'digital-marketing',
    'sales',
    'dropshipping',
    'video',
    'digital-products',
    'money-and-taxes',
  ],
  growth: ['motivation', 'focus', 'mindset', 'meditation', 'visualization', 'affirmations'],
} as const;

export type TopicGroup = keyof typeof TOPIC_GROUPS;
export type TopicId = (typeof TOPIC_GROUPS)[TopicGroup][number];

export const TOPIC_IDS: readonly TopicId[] = [...TOPIC_GROUPS.business, ...TOPIC_GROUPS.growth];

/** Every topic offers exactly this many starter questions. */
export const STARTER_QUESTIONS_PER_TOPIC = 4;

export function isTopicId(value: unknown): value is TopicId {
  return typeof value === 'string' && (TOPIC_IDS as readonly string[]).includes(value);
}

export function topicGroupOf(id: TopicId): TopicGroup {
  return (TOPIC_GROUPS.business as readonly string[]).includes(id) ? 'business' : 'growth';
}
