import urls from 'virtual:dictionary-urls';
import { keyedDictionaryUrls } from './dictionary-urls.ts';

// For the prerenderer (build time, never in the app's bundle): every dictionary's URL at once.
const byKey = keyedDictionaryUrls(urls);

/** The URL of one dictionary, or `undefined` when that language has no such namespace. */
export function dictionaryUrlNow(language: string, namespace: string): string | undefined {
  return byKey.get(`${language}/${namespace}`);
}
