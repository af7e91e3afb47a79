import { z } from '../../lib/zod';
import { email, name } from '../../lib/validation';

/** Edit profile: names and email filled in (trimmed), the email's form; the country is the server's to check. */
export const editProfileSchema = z.object({ first_name: name, last_name: name, email, country_id: z.string() });
