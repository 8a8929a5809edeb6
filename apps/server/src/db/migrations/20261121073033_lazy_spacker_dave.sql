ALTER TABLE "national_report_jobs" ADD COLUMN "accepted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "national_report_jobs" ADD COLUMN "rejected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "national_report_jobs" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;