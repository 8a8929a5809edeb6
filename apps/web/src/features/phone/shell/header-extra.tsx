/** Room in the header for the notice bell's phone variant once it is part of the portal. */
export function PhoneHeaderExtra() {
  return null;
}
