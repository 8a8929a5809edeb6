CREATE TABLE "school_branches" (
	"yxdm" text PRIMARY KEY NOT NULL,
	"fy" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_student_proofs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_student_proofs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"xh" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_branches" ADD CONSTRAINT "school_branches_yxdm_schools_yxdm_fk" FOREIGN KEY ("yxdm") REFERENCES "public"."schools"("yxdm") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_student_proofs" ADD CONSTRAINT "task_student_proofs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_student_proofs" ADD CONSTRAINT "task_student_proofs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_branches_fy_idx" ON "school_branches" USING btree ("fy");--> statement-breakpoint
CREATE UNIQUE INDEX "task_student_proofs_uq" ON "task_student_proofs" USING btree ("member_id","task_id","xh");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_open_school_code_uq" ON "tasks" USING btree ("yxdm",upper(feature_code)) WHERE active;