/** A refusal the route answers as is (4xx); nothing was changed. */
export interface MailRefusal {
  refused: { status: 400 | 404 | 409; message: string };
}
export const refuse = (status: 400 | 404 | 409, message: string): MailRefusal => ({
  refused: { status, message },
});
export const isRefusal = (value: unknown): value is MailRefusal =>
  typeof value === 'object' && value !== null && 'refused' in value;
