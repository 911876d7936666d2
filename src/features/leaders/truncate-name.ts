/** docs/product-rules.md#leaderboard: leaderboard names are cut to 10 characters plus an ellipsis. */
export const NAME_LIMIT = 10;

export const truncateName = (name: string, limit = NAME_LIMIT) => (name.length > limit ? `${name.slice(0, limit)}...` : name);
