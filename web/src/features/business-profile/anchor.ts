/** The profile page's "Můj byznys" card is at `/profil#muj-byznys` (the settings link there). */
export const BUSINESS_PROFILE_ANCHOR = 'muj-byznys';
