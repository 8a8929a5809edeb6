CREATE TABLE "photo_candidates" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"corrected_key" text NOT NULL,
	"original_key" text NOT NULL,
	"steps" jsonb NOT NULL,
	"background" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_photo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "original_key" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "auto_corrected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_candidates" ADD CONSTRAINT "photo_candidates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_candidates_expiry_idx" ON "photo_candidates" USING btree ("expires_at");