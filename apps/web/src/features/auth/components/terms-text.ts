// The terms are shared with the phone portal's login: their text lives in components/.
export { TERMS, type TermsSection } from '../../../components/terms-text.ts';
