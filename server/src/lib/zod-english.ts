import { z } from 'zod/mini';

/**
 * zod/mini leaves its messages out ("Invalid input") until a locale is loaded: the server loads
 * the English one, so configuration problems and the data API's validation `issues` read as they
 * always have. Imported for its effect by the configuration (config/env-fields.ts) and the app.
 */
z.config(z.locales.en());
