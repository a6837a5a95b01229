DROP INDEX `funnel_events_day`;--> statement-breakpoint
CREATE INDEX `funnel_events_day_visit` ON `funnel_events` (`day`,`visit`,`step`);