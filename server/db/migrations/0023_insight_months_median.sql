-- The level's median of each insight_months group, computed by PostgreSQL whenever the group is
-- written (its sorted points change), so the progress read (server/modules/insights/repo.ts) does
-- not decompress the sorted array twice per month for it.
ALTER TABLE "insight_months" ADD COLUMN "level_median" double precision GENERATED ALWAYS AS (case when employees > 0 then ((sorted_points[(employees + 1) / 2] + sorted_points[employees / 2 + 1]) / 2.0)::float8 else 0 end) STORED;