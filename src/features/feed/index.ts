export { FeedScreen } from './components/feed-screen';
export { feedQueries } from './api/feed-queries';
