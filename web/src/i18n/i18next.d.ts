import type analytics from '../../../content/locales/cs/analytics.json';
import type auth from '../../../content/locales/cs/auth.json';
import type business from '../../../content/locales/cs/business.json';
import type chat from '../../../content/locales/cs/chat.json';
import type common from '../../../content/locales/cs/common.json';
import type deadlines from '../../../content/locales/cs/deadlines.json';
import type errors from '../../../content/locales/cs/errors.json';
import type goals from '../../../content/locales/cs/goals.json';
import type history from '../../../content/locales/cs/history.json';
import type home from '../../../content/locales/cs/home.json';
import type languages from '../../../content/locales/cs/languages.json';
import type library from '../../../content/locales/cs/library.json';
import type nav from '../../../content/locales/cs/nav.json';
import type settings from '../../../content/locales/cs/settings.json';
import type subscription from '../../../content/locales/cs/subscription.json';
import type tools from '../../../content/locales/cs/tools.json';
import type topics from '../../../content/locales/cs/topics.json';

// Keys are typed from the Czech source dictionaries, so a missing key fails `npm run typecheck`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      analytics: typeof analytics;
      auth: typeof auth;
      business: typeof business;
      chat: typeof chat;
      common: typeof common;
      deadlines: typeof deadlines;
      errors: typeof errors;
      goals: typeof goals;
      history: typeof history;
      home: typeof home;
      languages: typeof languages;
      library: typeof library;
      nav: typeof nav;
      settings: typeof settings;
      subscription: typeof subscription;
      tools: typeof tools;
      topics: typeof topics;
    };
  }
}
