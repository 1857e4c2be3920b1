export const HOW_IT_WORKS_ID = 'how-it-works';
