/** A mailto link whose text may wrap after the '@' (long addresses in narrow columns), never inside a word. */
export function EmailLink({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <a href={`mailto:${email}`}>
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </a>
  );
}
