// react-admin's error page, a module of its own so that `shellParts.tsx` loads it only when a screen fails (issue 43).
export { Error as default } from 'react-admin';
