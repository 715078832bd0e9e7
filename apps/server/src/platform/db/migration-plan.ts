/** A migration file `NNN_name.sql`. */
export interface MigrationFile {
  version: number;
  name: string;
  fileName: string;
}

const FILE_PATTERN = /^(\d{3})_([a-z0-9_]+)\.sql$/;

/** Parses migration file names; anything else in the folder is an error, not silently skipped. */
export function parseMigrationFiles(fileNames: readonly string[]): MigrationFile[] {
  const files = fileNames.map((fileName) => {
    const match = FILE_PATTERN.exec(fileName);
    if (!match?.[1] || !match[2]) {
      throw new Error(`Migration file "${fileName}" must be named NNN_snake_case.sql`);
    }
    return { version: Number(match[1]), name: match[2], fileName };
  });
  files.sort((a, b) => a.version - b.version);
  files.forEach((file, index) => {
    if (file.version !== index + 1) {
      throw new Error(
        `Migration versions must run 001, 002, ... without gaps or repeats; found ${file.fileName} at position ${index + 1}`,
      );
    }
  });
  return files;
}

/** The migrations still to apply, in order. */
export function pendingMigrations(
  files: readonly MigrationFile[],
  appliedVersions: ReadonlySet<number>,
): MigrationFile[] {
  return files.filter((file) => !appliedVersions.has(file.version));
}
