import BowlerTraxKit

print("bowlertrax")
