// The one way to write a form: react-hook-form, validated by a zod schema whose messages are
// validation keys (lib/validation.ts; rules shared with the server come from server/contract/rules.ts).
// - A client problem is one form-level message (firstProblem), or with `{ perField: true }` each wrong
//   field's own message on that field (focus goes to the first); nothing is sent. A failed submit
//   sets its message with setFormMsg (see errorMsg); server violations go on their fields.
// - Only form screens import this, and they are lazy: the library stays out of the first-paint JS.
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { msg, rawMsg, type Msg, type MsgKey } from './msg';
import { firstProblem, PROBLEM_OPTS } from './validation';

/** The first issue of each field, as the field errors react-hook-form shows (messages are keys). */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, { type: 'key'; message: string }> {
  const out: Record<string, { type: 'key'; message: string }> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.');
    if (name && !out[name]) out[name] = { type: 'key', message: issue.message };
  }
  return out;
}

/**
 * `values`: data that arrives after the first render (the signed-in user); fields already edited keep
 * what was typed. `perField`: each wrong field says what is wrong with it (forms whose fields each have
 * their own rules), instead of one message for the form.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>, values?: z.input<S>, opts: { perField?: boolean } = {}) {
  const perField = opts.perField === true;
  return useForm<z.input<S>, unknown, z.output<S>>({
    defaultValues,
    values,
    resetOptions: { keepDirtyValues: true },
    resolver: async (values) => {
      const parsed = await schema.safeParseAsync(values);
      if (parsed.success) return { values: parsed.data, errors: {} };
      if (perField) return { values: {}, errors: fieldErrors(parsed.error.issues) as FieldErrors<z.input<S>> };
      const problem = firstProblem(parsed.error.issues) ?? 'validation.fillAllFields';
      return { values: {}, errors: { root: asError(msg(problem, PROBLEM_OPTS[problem])) } as FieldErrors<z.input<S>> };
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: perField,
  });
}

// A key's options (a count, a name) travel in the error's type, the one other field react-hook-form keeps.
const asError = (m: Msg) => ('raw' in m ? { type: 'raw', message: m.raw } : { type: m.opts ? `key:${JSON.stringify(m.opts)}` : 'key', message: m.key });

/** Show a message for the whole form (a failed submit) until the next submit. */
export function setFormMsg<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, m: Msg): void {
  form.setError('root', asError(m));
}

/** Show the server's violations on their fields (until the field is edited or the form sent). */
export function setFieldMsgs<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, fields: Partial<Record<Path<T>, Msg>>): void {
  for (const [name, m] of Object.entries(fields) as [Path<T>, Msg][]) form.setError(name, asError(m));
}

/** The message of an error set by the schema, setFormMsg or setFieldMsgs. */
export function errorOf(e: { type?: unknown; message?: string } | undefined): Msg | null {
  if (!e?.message) return null;
  if (e.type === 'raw') return rawMsg(e.message);
  const opts = typeof e.type === 'string' && e.type.startsWith('key:') ? (JSON.parse(e.type.slice(4)) as Record<string, unknown>) : undefined;
  return msg(e.message as MsgKey, opts);
}
