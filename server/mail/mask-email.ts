/** `maria.lopez@example.com` -> `m***@example.com`: logs may leave the company; addresses must not. */
export const maskEmail = (address: string) => {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
};
