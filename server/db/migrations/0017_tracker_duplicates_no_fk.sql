-- activities may be truncated on its own (the read models rebuild from what is left): a duplicate
-- record whose activity is gone simply stops counting (trackers repo joins on activities).
ALTER TABLE "tracker_duplicates" DROP CONSTRAINT "tracker_duplicates_activity_id_activities_id_fk";
