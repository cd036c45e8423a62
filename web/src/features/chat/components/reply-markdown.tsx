import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';

/**
 * Links inside the app open in the app (the library reader); others open a new tab; a link whose
 * address was refused (safeUrl) is only its text.
 */
function ReplyLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (!href) return <>{children}</>;
  if (href.startsWith('/')) {
    return (
      <Link to={href} className="font-semibold text-brand-800 underline underline-offset-2">
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-semibold text-brand-800 underline underline-offset-2"
    >
      {children}
    </a>
  );
}

const COMPONENTS: Components = {
  a: ({ href, children }) => <ReplyLink href={href}>{children}</ReplyLink>,
  p: ({ children }) => <p className="break-words">{children}</p>,
  ul: ({ children }) => <ul className="flex list-disc flex-col gap-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="flex list-decimal flex-col gap-1 pl-5">{children}</ol>,
  // A model may write headings against its instructions: they stay plain bold lines.
  h1: ({ children }) => <p className="font-bold">{children}</p>,
  h2: ({ children }) => <p className="font-bold">{children}</p>,
  h3: ({ children }) => <p className="font-bold">{children}</p>,
  img: () => null,
};

/** Only links the reader can trust to stay links: the app's own paths and the web. */
const safeUrl = (url: string) => (/^(\/(?!\/)|https?:\/\/)/i.test(url) ? url : '');

/**
 * A reply's Markdown, rendered safely: raw HTML in it is shown as text, never run (react-markdown
 * does not render HTML unless told to, and we don't); images are dropped and only http(s) and
 * in-app links survive, so a reply cannot pull anything from elsewhere or run a `javascript:` URL.
 */
export function ReplyMarkdown({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Markdown components={COMPONENTS} urlTransform={safeUrl} skipHtml={false}>
        {text}
      </Markdown>
    </div>
  );
}
