// react-admin's notification (MUI's snackbar), a module of its own so that `shellParts.tsx` loads it when the first
// notification is shown (issue 43).
export { Notification as default } from 'react-admin';
