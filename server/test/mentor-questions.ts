/**
 * A labelled set of founder questions and the library articles a good answer leans on (any one of
 * them among the first three sources counts). Czech with and without diacritics, English, German,
 * Spanish; and questions the library does not cover, which must get no sources at all.
 */
export interface LabelledQuestion {
  language: 'cs' | 'en' | 'de' | 'es';
  question: string;
  expected: string[];
}

export const LABELLED_QUESTIONS: LabelledQuestion[] = [
  // Czech
  {
    language: 'cs',
    question: 'Kolik si mám říct za logo, když jsem grafička a teprve začínám?',
    expected: ['rust-bez-ztraty', 'limitujici-presvedceni', 'psychologie-rozhodovani'],
  },
  {
    language: 'cs',
    question: 'Jak najdu prvních deset zákazníků, když nemám žádné reference?',
    expected: ['smer-podnikani', 'budovat-duveru', 'cesta-rustu', 'prodejni-mindset'],
  },
  {
    language: 'cs',
    question: 'Vyplatí se mi reklama na Facebooku, když mám rozpočet 3 000 Kč měsíčně?',
    expected: ['meta-ads'],
  },
  {
    language: 'cs',
    question: 'Jak nastavit reklamu ve vyhledávání Googlu pro instalatéra?',
    expected: ['google-ads'],
  },
  { language: 'cs', question: 'Kdy se musím registrovat k DPH?', expected: ['dph', 'cesta-rustu'] },
  {
    language: 'cs',
    question: 'Co všechno musí být na faktuře, když nejsem plátce DPH?',
    expected: ['fakturace'],
  },
  {
    language: 'cs',
    question: 'Zákazník mi už dva měsíce nezaplatil fakturu, co s tím?',
    expected: ['fakturace', 'rust-bez-ztraty'],
  },
  { language: 'cs', question: 'Vyplatí se mi paušální daň?', expected: ['pausalni-dan'] },
  {
    language: 'cs',
    question: 'Mám založit s. r. o., nebo zůstat OSVČ?',
    expected: ['osvc-nebo-sro', 'cesta-rustu'],
  },
  {
    language: 'cs',
    question: 'Jak si vyřídit živnostenský list?',
    expected: ['zalozeni-zivnosti', 'cesta-rustu'],
  },
  {
    language: 'cs',
    question: 'Můžu vzít kamaráda na dohodu o provedení práce?',
    expected: ['spoluprace', 'rust-bez-ztraty'],
  },
  {
    language: 'cs',
    question: 'Bojím se nabízet své služby, připadám si vlezle.',
    expected: ['prodejni-mindset', 'eticky-vliv', 'limitujici-presvedceni'],
  },
  {
    language: 'cs',
    question: 'Zákazník řekl, že je to moc drahé. Co mu mám odpovědět?',
    expected: [
      'psychologie-rozhodovani',
      'mluvit-naslouchat',
      'limitujici-presvedceni',
      'prodejni-mindset',
    ],
  },
  {
    language: 'cs',
    question: 'Jak se připomenout klientovi, který přestal odpovídat na nabídku?',
    expected: ['prodejni-mindset'],
  },
  {
    language: 'cs',
    question: 'Jsem pořád unavená a práce mě přestává bavit. Nehrozí mi vyhoření?',
    expected: ['energie-disciplina', 'rust-bez-ztraty', 'mentalni-sila'],
  },
  {
    language: 'cs',
    question: 'Jak začít meditovat, když mám jen pět minut?',
    expected: ['meditace-klid', 'kombinace'],
  },
  {
    language: 'cs',
    question: 'Jak napsat afirmace, kterým budu opravdu věřit?',
    expected: ['afirmace'],
  },
  {
    language: 'cs',
    question: 'Jakou ranní rutinu mi doporučíš, abych začala den v klidu?',
    expected: ['kombinace', 'vedomy-zivot'],
  },
  {
    language: 'cs',
    question: 'Co mám publikovat na Instagramu, aby mi lidé věřili?',
    expected: ['obsah-duvera', 'znacka-komunita'],
  },
  {
    language: 'cs',
    question: 'Jak si ověřit podnikatelský nápad, než dám výpověď?',
    expected: ['smer-podnikani'],
  },
  {
    language: 'cs',
    question: 'Jak získat víc recenzí na Googlu?',
    expected: ['budovat-duveru', 'obsah-duvera'],
  },
  {
    language: 'cs',
    question: 'Jak si udržet motivaci, když celý měsíc nepřišla žádná zakázka?',
    expected: ['mentalni-sila', 'vizualizace', 'energie-disciplina'],
  },
  {
    language: 'cs',
    question: 'Jak zvládnout vztek, když mi zákazník napíše nepříjemný e-mail?',
    expected: ['mysl-emoce'],
  },
  {
    language: 'cs',
    question: 'Jak oddělit práci od volna, když pracuju z domova?',
    expected: ['vedomy-zivot', 'energie-disciplina'],
  },
  {
    language: 'cs',
    question: 'Jak vybudovat značku s malým rozpočtem?',
    expected: ['znacka-komunita'],
  },
  {
    language: 'cs',
    question: 'Jak z lidí udělat stálé zákazníky přes newsletter?',
    expected: ['marketingovy-system', 'znacka-komunita', 'obsah-duvera'],
  },
  {
    language: 'cs',
    question: 'Jak si naplánovat týden, abych stihl to důležité?',
    expected: ['navyky-uspechu', 'kombinace'],
  },
  {
    language: 'cs',
    question: 'Co je švarcsystém a jak se mu vyhnout?',
    expected: ['spoluprace', 'rust-bez-ztraty', 'cesta-rustu'],
  },
  {
    language: 'cs',
    question: 'Mám si jako OSVČ platit nemocenské pojištění?',
    expected: ['socialni-jistoty'],
  },
  {
    language: 'cs',
    question: 'Jsem na úřadu práce, můžu si otevřít živnost?',
    expected: ['socialni-jistoty'],
  },
  {
    language: 'cs',
    question: 'Do kdy musím vyřídit reklamaci v e-shopu?',
    expected: ['e-shop-a-zakon'],
  },
  {
    language: 'cs',
    question: 'Potřebuju souhlas s cookies na webu e-shopu?',
    expected: ['e-shop-a-zakon'],
  },
  // Czech without diacritics
  {
    language: 'cs',
    question: 'kolik si rict za hodinu prace jako osvc',
    expected: ['rust-bez-ztraty', 'limitujici-presvedceni', 'psychologie-rozhodovani'],
  },
  {
    language: 'cs',
    question: 'jak zalozit zivnost',
    expected: ['zalozeni-zivnosti', 'cesta-rustu'],
  },
  {
    language: 'cs',
    question: 'zakaznik nezaplatil fakturu',
    expected: ['fakturace', 'rust-bez-ztraty'],
  },
  { language: 'cs', question: 'reklama na instagramu pro eshop', expected: ['meta-ads'] },
  {
    language: 'cs',
    question: 'jak se prestat bat odmitnuti',
    expected: ['prodejni-mindset', 'mentalni-sila'],
  },
  {
    language: 'cs',
    question: 'identifikovana osoba dph za reklamu',
    expected: ['dph', 'meta-ads', 'google-ads'],
  },
  // English
  {
    language: 'cs',
    question: 'musim mit pokladnu kdyz prodavam na trzich za hotove',
    expected: ['e-shop-a-zakon'],
  },
  {
    language: 'en',
    question: "How much should I charge for a logo when I'm just starting out?",
    expected: ['rust-bez-ztraty', 'limitujici-presvedceni', 'psychologie-rozhodovani'],
  },
  {
    language: 'en',
    question: 'When do I have to register for VAT in Czechia?',
    expected: ['dph', 'cesta-rustu'],
  },
  {
    language: 'en',
    question: 'How do I avoid burnout as a freelancer?',
    expected: ['energie-disciplina', 'mentalni-sila', 'rust-bez-ztraty'],
  },
  {
    language: 'en',
    question: 'How do I write affirmations that actually work?',
    expected: ['afirmace'],
  },
  { language: 'en', question: 'What must an invoice contain?', expected: ['fakturace'] },
  // German
  {
    language: 'en',
    question: 'Do sole traders in Czechia get sick pay?',
    expected: ['socialni-jistoty'],
  },
  {
    language: 'de',
    question: 'Wie melde ich in Tschechien ein Gewerbe an?',
    expected: ['zalozeni-zivnosti', 'cesta-rustu'],
  },
  {
    language: 'de',
    question: 'Wie finde ich meine ersten Kunden?',
    expected: ['smer-podnikani', 'cesta-rustu', 'budovat-duveru', 'prodejni-mindset'],
  },
  {
    language: 'de',
    question: 'Wie schreibe ich eine gute Anzeige für Facebook?',
    expected: ['meta-ads', 'psychologie-kampane'],
  },
  {
    language: 'de',
    question: 'Was ist Scheinselbstständigkeit?',
    expected: ['spoluprace', 'rust-bez-ztraty'],
  },
  // Spanish
  {
    language: 'de',
    question: 'Wie lange hat ein Kunde im Onlineshop ein Widerrufsrecht?',
    expected: ['e-shop-a-zakon'],
  },
  {
    language: 'es',
    question: '¿Cómo puedo meditar si solo tengo cinco minutos?',
    expected: ['meditace-klid', 'kombinace'],
  },
  {
    language: 'es',
    question: '¿Me conviene la paušální daň, el impuesto fijo?',
    expected: ['pausalni-dan'],
  },
  {
    language: 'es',
    question: '¿Cómo consigo que un cliente me pague una factura atrasada?',
    expected: ['fakturace'],
  },
  {
    language: 'es',
    question: '¿Cómo dejo de tener miedo a vender?',
    expected: ['prodejni-mindset', 'limitujici-presvedceni'],
  },
  {
    language: 'es',
    question: '¿Necesito un seguro de responsabilidad civil como autónomo?',
    expected: ['socialni-jistoty', 'osvc-nebo-sro'],
  },
];

/** Questions the library has nothing on: the answer must name no article. */
export const UNCOVERED_QUESTIONS: { language: 'cs' | 'en' | 'de' | 'es'; question: string }[] = [
  { language: 'cs', question: 'asdf qwer zxcv' },
  { language: 'cs', question: 'Jaké bude zítra počasí?' },
  { language: 'cs', question: 'Kdo vyhrál mistrovství světa v hokeji?' },
  { language: 'en', question: 'What is the capital of Australia?' },
  { language: 'de', question: 'Wie koche ich Spaghetti Carbonara?' },
  { language: 'es', question: '¿Quién escribió Don Quijote?' },
];
