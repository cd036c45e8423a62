import { use } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadLibrary, type LibraryCategory } from '@/lib/content-loader.ts';

/** The library's categories and article summaries (suspends while they load). */
export function useLibrary(): LibraryCategory[] {
  const { language } = useTranslation('library');
  return use(loadLibrary(language));
}
