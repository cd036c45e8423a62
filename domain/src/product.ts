/** Product identity and the constants the spec fixes (docs/product.md#constants). */
export const PRODUCT_NAME = 'Parťák';

/** Prefix of every browser storage key, so `partak_saved_conversations` etc. never collide. */
export const STORAGE_SLUG = 'partak';

/** The version the app shows in settings and the server reports on /healthz. */
export const APP_VERSION = '1.0.0';

export const storageKeys = {
  language: `${STORAGE_SLUG}_language`,
  savedConversations: `${STORAGE_SLUG}_saved_conversations`,
  activity: `${STORAGE_SLUG}_activity`,
  notifications: `${STORAGE_SLUG}_notifications`,
  /** Whether the user lets the mentor see their goals (off unless they turn it on). */
  mentorSeesGoals: `${STORAGE_SLUG}_mentor_sees_goals`,
  /** Whether an AI model may see the business profile (off unless they turn it on). */
  mentorSeesProfile: `${STORAGE_SLUG}_mentor_sees_profile`,
  /** The business profile made while signed out. */
  businessProfile: `${STORAGE_SLUG}_business_profile`,
  goals: `${STORAGE_SLUG}_goals`,
  /** Weekly reviews made while signed out. */
  reviews: `${STORAGE_SLUG}_reviews`,
  /** The weekly review reminder of this device while signed out (lib/offline/device-reminder.ts). */
  deviceReminder: `${STORAGE_SLUG}_reminder`,
  /** The signed-in session, written and read by the auth client (@supabase/auth-js). */
  auth: `${STORAGE_SLUG}_auth`,
  /** Session storage: the chat in progress in this tab. */
  currentConversation: `${STORAGE_SLUG}_current_conversation`,
} as const;

/**
 * The cookie that mirrors the stored language choice, so the server can send a prerendered page
 * in that language (ADR 012). Not a secret and not read by anything else.
 */
export const LANGUAGE_COOKIE = `${STORAGE_SLUG}_language`;
