/**
 * The spec's eleven topics, in display order, by group (docs/product.md#constants), with money and
 * taxes, prices and money, and insurance and bookkeeping added because founders ask about them
 * first. Ids are routes (/topic/<id>): they stay, and the order puts the business questions
 * first and the three calm-mind topics last.
 */
export const TOPIC_GROUPS = {
  business: [
    'money-and-taxes',
    'prices-money',
    'insurance-accounting',
    'sales',
    'digital-marketing',
    'digital-products',
    'dropshipping',
    'video',
  ],
  growth: ['focus', 'motivation', 'mindset', 'visualization', 'affirmations', 'meditation'],
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
