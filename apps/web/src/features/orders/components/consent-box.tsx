/** The separate consent lives in the shared components: the centralised form asks the same one. */
export { ConsentBox, useConsentGiven } from '../../../components/photo-consent/photo-consent.tsx';
