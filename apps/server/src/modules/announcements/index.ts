// What other modules may use of the announcements module: lint forbids reaching past this file.
