// What other modules may use of the users module: lint forbids reaching past this file.
