import { useEffect } from 'react';

export const APP_NAME = 'Wellness Challenge';

/** The browser tab (and history, and screen readers on navigation) names the page: "Leaderboard - Wellness Challenge". */
export const useDocumentTitle = (title: string) => {
  useEffect(() => {
    document.title = `${title} - ${APP_NAME}`;
  }, [title]);
};
