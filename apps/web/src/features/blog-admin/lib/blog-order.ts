/**
 * The blogs' tab order on the Settings tab. A drop moves one key next to another; the whole new order is sent to
 * POST /updateBlogsList, and on failure the screen goes back to the order it had.
 */
export const moveKey = (keys: readonly string[], active: string, over: string): string[] => {
  const from = keys.indexOf(active);
  const to = keys.indexOf(over);
  if (from < 0 || to < 0 || from === to) return [...keys];
  const next = [...keys];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as string);
  return next;
};

export const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key, index) => key === b[index]);

/** The blogs in the given key order; blogs the order does not name (a concurrent add) keep their place at the end. */
export const inOrder = <T extends { key: string }>(blogs: readonly T[], keys: readonly string[]): T[] => {
  const byKey = new Map(blogs.map((blog) => [blog.key, blog]));
  const ordered = keys.flatMap((key) => {
    const blog = byKey.get(key);
    return blog ? [blog] : [];
  });
  return [...ordered, ...blogs.filter((blog) => !keys.includes(blog.key))];
};
